import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A lazily loaded component whose code can be asked for before it renders. */
export type LazyScreen<Props> = LazyExoticComponent<ComponentType<Props>> & {
  /**
   * Starts fetching the code (once; later calls wait for the same fetch). Resolves when the code is here or has
   * failed to come: a failure shows when the component renders, as the app's error screen (AppErrorBoundary),
   * rather than as a rejection nobody handles.
   */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` with a `preload`: the router asks for a screen's code while the session lookup is still under way,
 * and the wizard for the next step's while the current one saves, instead of after.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of whatever component the module holds
export function lazyScreen<Props = any>(load: () => Promise<{ default: ComponentType<Props> }>): LazyScreen<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  return Object.assign(lazy(preload), {
    preload: () =>
      preload().then(
        () => undefined,
        () => undefined,
      ),
  });
}
