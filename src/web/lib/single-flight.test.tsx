// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useSingleFlight } from "./single-flight";

afterEach(cleanup);

/** A request whose answer the test releases by hand. */
function deferred() {
  let resolve: (value: string) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function SaveButton({ send, onAnswer }: { send: () => Promise<string>; onAnswer: (answer: unknown) => void }) {
  const [run, pending] = useSingleFlight(send);
  return (
    <button type="button" disabled={pending} onClick={() => void run().then(onAnswer, onAnswer)}>
      {pending ? "Saving..." : "Save"}
    </button>
  );
}

describe("useSingleFlight", () => {
  it("sends one request for a double click, disables until the answer, then allows the next", async () => {
    let requests = 0;
    let answer = deferred();
    const answers: unknown[] = [];
    render(
      <SaveButton
        send={() => {
          requests += 1;
          return answer.promise;
        }}
        onAnswer={(value) => answers.push(value)}
      />,
    );
    const button = screen.getByRole("button");
    // Both clicks land before React re-renders the button as disabled.
    act(() => {
      button.click();
      button.click();
    });
    expect(requests).toBe(1);
    expect(screen.getByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);

    await act(async () => answer.resolve("saved"));
    expect(answers).toEqual([undefined, "saved"]);
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", false);

    answer = deferred();
    fireEvent.click(screen.getByRole("button"));
    expect(requests).toBe(2);
    await act(async () => answer.reject(new Error("refused")));
    expect((answers[2] as Error).message).toBe("refused");
    // A failed request frees the button too.
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", false);
  });
});
