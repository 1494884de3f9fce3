import { useSyncExternalStore } from "react";

/** Tailwind's md breakpoint (48rem): below it, wide tables become lists of cards. */
export const MD_QUERY = "(min-width: 48rem)";

/**
 * Whether the window matches a media query, following it as the window is resized. Used where a screen
 * renders one of two layouts rather than both, so each row's controls exist once in the page.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
