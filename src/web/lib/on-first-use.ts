import { useEffect, useState } from "react";

/** Code a component fetches the first time it is used (a popup's first opening), not with the screen. */
export interface FirstUseCode<Module> {
  /** Starts fetching (once; later calls answer the same promise). A failed fetch is tried again next time. */
  load: () => Promise<Module>;
  /** The module once it has arrived. */
  loaded: () => Module | undefined;
}

export function onFirstUse<Module>(importModule: () => Promise<Module>): FirstUseCode<Module> {
  let module: Module | undefined;
  let loading: Promise<Module> | undefined;
  return {
    load: () => {
      loading ??= importModule().then(
        (arrived) => {
          module = arrived;
          return arrived;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}

/**
 * The module for a press that needs it now: fetched if it has not arrived yet, or undefined once `failed` has
 * been told why (offline before the code came). The press then does nothing more; the next one asks again.
 */
export async function codeForPress<Module>(
  code: FirstUseCode<Module>,
  failed: (error: unknown) => void,
): Promise<Module | undefined> {
  try {
    return await code.load();
  } catch (error) {
    failed(error);
    return undefined;
  }
}

/** Starts fetching without waiting: a pointer over a trigger or focus on it, before the press that needs it. */
export function preload(code: FirstUseCode<unknown>): void {
  code.load().catch(() => {
    // Offline for now: the press that needs the code asks again.
  });
}

/**
 * The module once it has arrived, fetching it while `wanted` (again each time `wanted` turns true after a failed
 * fetch). Undefined until then; a component shows its light stand-in meanwhile.
 */
export function useFirstUse<Module>(code: FirstUseCode<Module>, wanted: boolean): Module | undefined {
  const [module, setModule] = useState(code.loaded);
  const ready = module ?? code.loaded();
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    code.load().then(
      (arrived) => {
        if (live) setModule(() => arrived);
      },
      () => {
        // Offline: the stand-in stays, and the next use asks again.
      },
    );
    return () => {
      live = false;
    };
  }, [code, wanted, ready]);
  return ready;
}

/** True from the first time `open` is true, so a popup's code stays mounted and Radix closes it the usual way. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
