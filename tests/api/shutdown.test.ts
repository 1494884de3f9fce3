/**
 * Graceful shutdown (main.ts): on SIGTERM the server stops accepting connections, lets a request already in
 * flight finish (here a sign-in whose body is still arriving, so the database must still be open when it
 * completes), closes the database, removes the PGlite lock file and exits 0.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LOCK_FILE_NAME } from "../../src/server/db/lock";
import { type ServerProcess, startServerProcess } from "../durability/server-process";

const dataDir = mkdtempSync(join(tmpdir(), "pqe-shutdown-"));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

function openSocket(port: number): Promise<Socket> {
  return new Promise((done, fail) => {
    const socket = connect(port, "127.0.0.1", () => done(socket));
    socket.once("error", fail);
  });
}

function readResponse(socket: Socket): Promise<string> {
  return new Promise((done, fail) => {
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString();
    });
    socket.once("end", () => done(text));
    socket.once("close", () => done(text));
    socket.once("error", fail);
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("graceful shutdown on SIGTERM", { timeout: 180_000 }, () => {
  it("finishes the request in flight, refuses new connections, closes the database and exits 0", async () => {
    server = await startServerProcess({ dataDir });
    const { port } = server;
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true);

    // A sign-in whose body arrives in two parts: the server has the request but cannot answer it yet.
    const body = JSON.stringify({ email: "broker@example.com", password: "Broker-Demo-2026" });
    const socket = await openSocket(port);
    const response = readResponse(socket);
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(500);

    server.child.kill("SIGTERM");
    // Once the listener is closed a new connection is refused, while the old one is still open.
    let refused = false;
    for (let attempt = 0; attempt < 50 && !refused; attempt++) {
      try {
        const probe = await openSocket(port);
        probe.destroy();
        await sleep(100);
      } catch (error) {
        refused = (error as NodeJS.ErrnoException).code === "ECONNREFUSED";
      }
    }
    expect(refused, "new connections are refused after SIGTERM").toBe(true);
    expect(server.child.exitCode, "the process waits for the request in flight").toBeNull();

    socket.write(body.slice(10));
    const answer = await response;
    expect(answer, server.output()).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/set-cookie: pqe_session=/i);
    expect(answer).toContain('"email":"broker@example.com"');
    // ...and tells the client the connection ends with it, so the close does not wait for a keep-alive timeout.
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);

    const exit = await server.exited;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDir, LOCK_FILE_NAME)), "the lock file is removed").toBe(false);
  });
});
