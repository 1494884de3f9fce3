import { useCallback, useRef, useState } from "react";

/**
 * One click, one request: `run` starts `action` only when no earlier run is still waiting for its answer, so
 * a double click sends one request and cannot report a failure (a 409 from its own second copy) that did not
 * happen. The guard is a ref, set synchronously on the first click, because React's state (and so the
 * button's `disabled`) lags a fast double click; `pending` is that same state, for disabling the button and
 * showing 'Saving...'. A run that is refused resolves to undefined without calling `action`.
 */
export function useSingleFlight<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
): [run: (...args: Args) => Promise<Result | undefined>, pending: boolean] {
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const latest = useRef(action);
  latest.current = action;

  const run = useCallback(async (...args: Args): Promise<Result | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setPending(true);
    try {
      return await latest.current(...args);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, []);

  return [run, pending];
}
