import { vi } from "vitest";

/** One request the form sent: its address and its JSON body. */
export interface Call {
  url: string;
  body: Record<string, unknown>;
}

/** The API as a policy form meets it: each call recorded, each answered by `answer` (which may wait). */
export function stubApi(answer: (call: Call) => Promise<Response> | Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const call = { url, body: JSON.parse(String(init.body ?? "{}")) };
    calls.push(call);
    return answer(call);
  });
  return calls;
}

/** A JSON answer with its status. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
