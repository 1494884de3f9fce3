import { PRODUCT_NAME } from "@domain/constants";

export function Logo({ className }: { className?: string }) {
  return (
    <span className={className ?? "inline-flex items-center gap-2"}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7">
        <rect width="32" height="32" rx="6" fill="#1e3a8a" />
        <path d="M9 8h8a6 6 0 0 1 0 12h-4v4H9z M13 12v4h4a2 2 0 0 0 0-4z" fill="#fff" fillRule="evenodd" />
      </svg>
      <span className="text-base font-semibold tracking-tight text-slate-900">{PRODUCT_NAME}</span>
    </span>
  );
}
