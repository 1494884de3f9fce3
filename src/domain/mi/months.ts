/** London calendar months as management information writes them (YYYY-MM): ranges and their length. */

/** The months from `from` to `to` inclusive, in order ("2026-11" to "2027-01" is three). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split("-").map(Number) as [number, number];
  for (let key = from; key <= to; ) {
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    key = `${year}-${String(month).padStart(2, "0")}`;
  }
  return months;
}

/** The month `count - 1` months before `to`: the start of a range of `count` months ending at `to`. */
export function monthsBefore(to: string, count: number): string {
  const [year, month] = to.split("-").map(Number) as [number, number];
  const index = year * 12 + (month - 1) - (count - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}
