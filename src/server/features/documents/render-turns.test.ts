import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { createRenderTurns } from "./render-turns";

/** A render that finishes when the test says so. */
function heldRender() {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started = false;
  return {
    render: async () => {
      started = true;
      await done;
      return "pdf";
    },
    finish: () => finish(),
    started: () => started,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("a user's render turns", () => {
  it("runs two at once, starts the waiting ones in the order asked, and refuses beyond the waiting room", async () => {
    const turns = createRenderTurns(2, 2);
    const renders = Array.from({ length: 4 }, () => heldRender());
    const results = renders.map((held) => turns.inTurn("broker", held.render));
    await settle();
    expect(renders.map((held) => held.started())).toEqual([true, true, false, false]);

    const refused = await turns.inTurn("broker", async () => "pdf").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: "DOCUMENTS_BUSY" });

    renders[1]?.finish();
    await settle();
    expect(renders.map((held) => held.started())).toEqual([true, true, true, false]);
    renders[0]?.finish();
    await settle();
    expect(renders[3]?.started()).toBe(true);
    for (const held of renders) held.finish();
    expect(await Promise.all(results)).toEqual(["pdf", "pdf", "pdf", "pdf"]);
  });

  it("counts each user apart, and frees the turn of a render that failed", async () => {
    const turns = createRenderTurns(1, 0);
    const held = heldRender();
    const first = turns.inTurn("broker", held.render);
    await settle();
    expect(await turns.inTurn("underwriter", async () => "other")).toBe("other");
    await expect(turns.inTurn("broker", async () => "pdf")).rejects.toMatchObject({ code: "DOCUMENTS_BUSY" });
    held.finish();
    await first;
    await expect(
      turns.inTurn("broker", async () => {
        throw new Error("render failed");
      }),
    ).rejects.toThrow("render failed");
    expect(await turns.inTurn("broker", async () => "again")).toBe("again");
  });
});
