import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A lazily loaded component whose code can be asked for before it renders. */
export type LazyScreen<Props> = LazyExoticComponent<ComponentType<Props>> & {
  /** Starts fetching the code (once; later calls answer the same promise). */
  preload: () => Promise<unknown>;
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
  return Object.assign(lazy(preload), { preload });
}
