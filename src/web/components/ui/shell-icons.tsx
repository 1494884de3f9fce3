/**
 * The few icons the sign-in screen and the loading spinner draw, as plain SVG: lucide-react's runtime would cost
 * the sign-in screen about 3 KB of its 100 KB budget for three icons. The shapes are lucide's own (ISC licence),
 * drawn with its default attributes, so they look exactly like the icons of every other screen.
 */
import type { ReactNode, SVGProps } from "react";

/** Decorative: each icon sits beside words or inside a control named for screen readers. */
type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "aria-hidden">;

function LineIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

export function LoaderCircleIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </LineIcon>
  );
}

export function EyeIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" />
      <circle cx="12" cy="12" r="3" />
    </LineIcon>
  );
}

export function EyeOffIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49" />
      <path d="M14.084 14.158a3 3 0 0 1-4.242-4.242" />
      <path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143" />
      <path d="m2 2 20 20" />
    </LineIcon>
  );
}
