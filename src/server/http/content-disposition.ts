/**
 * How every download names its file (documents and the bordereau):
 * `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266 with the RFC 5987 form): the quoted name is
 * kept to printable ASCII for old clients, the starred one carries the exact name.
 */
export function contentDisposition(disposition: "attachment" | "inline", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
