/**
 * How many documents one user may have rendered at once (docs/product/documents.md): two render at a time, up to
 * six more wait their turn in the order asked, and a request beyond that is answered 429 DOCUMENTS_BUSY at once.
 * A broker who clicks a few downloads gets them all; one user's burst cannot fill the render threads for
 * everyone else. The count is per server process.
 */
import { AppError } from "../../errors";

export const RENDERS_AT_ONCE_PER_USER = 2;
export const RENDERS_WAITING_PER_USER = 6;

interface UserTurns {
  running: number;
  waiting: (() => void)[];
}

export interface RenderTurns {
  /** Runs the render in the user's turn; refuses at once when the user already has too many asked for. */
  inTurn<T>(userId: string, render: () => Promise<T>): Promise<T>;
}

export function createRenderTurns(
  atOnce = RENDERS_AT_ONCE_PER_USER,
  waitingAtMost = RENDERS_WAITING_PER_USER,
): RenderTurns {
  const users = new Map<string, UserTurns>();

  const take = async (userId: string): Promise<void> => {
    let turns = users.get(userId);
    if (!turns) {
      turns = { running: 0, waiting: [] };
      users.set(userId, turns);
    }
    if (turns.running < atOnce) {
      turns.running++;
      return;
    }
    if (turns.waiting.length >= waitingAtMost) {
      throw new AppError(
        "DOCUMENTS_BUSY",
        `You already have ${atOnce + waitingAtMost} documents being prepared; download this one when they are ready.`,
      );
    }
    // The finishing render hands its place straight over, so `running` stays counted for the one woken.
    await new Promise<void>((resolve) => turns.waiting.push(resolve));
  };

  const give = (userId: string): void => {
    const turns = users.get(userId);
    if (!turns) return;
    const next = turns.waiting.shift();
    if (next) {
      next();
      return;
    }
    turns.running--;
    if (turns.running === 0) users.delete(userId);
  };

  return {
    async inTurn(userId, render) {
      await take(userId);
      try {
        return await render();
      } finally {
        give(userId);
      }
    },
  };
}
