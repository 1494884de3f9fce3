import { useEffect } from "react";
import { PRODUCT_NAME } from "../../domain/constants";

/** docs/product/screens.md page titles: the product name, then the screen ("PI Quote Engine - Dashboard"). */
export function pageTitle(screen: string, separator = " - "): string {
  return `${PRODUCT_NAME}${separator}${screen}`;
}

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
