/**
 * Hands a blob to the browser as a file download. Browsers that refuse (an old WebView, a blocked
 * download) make this throw, and callers fall back to opening the document in a window.
 */
export function saveBlobAsFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement("a");
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = "noopener";
    anchor.style.display = "none";
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Revoke after the click has been handled; revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** Opens a mail draft in the user's mail program without navigating away from the app. */
export function openMailDraft(href: string): void {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.style.display = "none";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The file name from a Content-Disposition header (RFC 5987 `filename*` first), if it names one. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding falls through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name || undefined;
}
