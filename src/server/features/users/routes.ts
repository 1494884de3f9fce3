/**
 * User management (ADMIN only, DECISIONS §3): list, create (POST /api/auth/register), delete. Deleting is a
 * soft delete: the user disappears from the list and cannot sign in, their sessions end at once, and their
 * quotes keep showing their name.
 */

import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { registerUserSchema, userSchema } from "../../../domain/auth/schemas";
import { recordAudit } from "../../audit/record";
import { currentUser, requireRole } from "../../auth/authenticate";
import { hashPassword } from "../../auth/passwords";
import { revokeUserSessions } from "../../auth/sessions";
import { users } from "../../db/schema";
import { AppError, sqlStateOf } from "../../errors";
import { findLiveUserByEmail, findLiveUserById, listLiveUsers, toUserResponse } from "./repository";

const EMAIL_TAKEN = "A user with this email address already exists";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireRole("ADMIN");

  app.get(
    "/api/users",
    {
      schema: { tags: ["users"], summary: "Active users", response: { 200: z.object({ data: z.array(userSchema) }) } },
      preHandler: adminOnly,
    },
    async () => ({ data: (await listLiveUsers(app.db)).map(toUserResponse) }),
  );

  app.post(
    "/api/auth/register",
    {
      schema: {
        tags: ["users"],
        summary: "Create a user (ADMIN)",
        body: registerUserSchema,
        response: { 201: z.object({ data: userSchema }) },
      },
      preHandler: adminOnly,
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const { name, email, password, role } = request.body;
      if (await findLiveUserByEmail(app.db, email)) throw AppError.conflict(EMAIL_TAKEN, "EMAIL_TAKEN");
      const passwordHash = await hashPassword(password);
      try {
        const created = await app.db.transaction(async (tx) => {
          const [row] = await tx.insert(users).values({ name, email, role, passwordHash }).returning();
          if (!row) throw new Error("User insert returned no row");
          await recordAudit(tx, {
            entityType: "user",
            action: "created",
            entityId: row.id,
            actorId: admin.id,
            details: { name, email, role },
          });
          return row;
        });
        return reply.status(201).send({ data: toUserResponse(created) });
      } catch (error) {
        // Two admins creating the same address at once: the partial unique index decides.
        if (sqlStateOf(error) === "23505") throw AppError.conflict(EMAIL_TAKEN, "EMAIL_TAKEN");
        throw error;
      }
    },
  );

  app.delete(
    "/api/users/:id",
    {
      schema: {
        tags: ["users"],
        summary: "Delete a user (ADMIN; not yourself)",
        params: z.object({ id: z.uuid({ message: "Invalid user id" }) }),
        response: { 200: z.object({ data: userSchema }) },
      },
      preHandler: adminOnly,
    },
    async (request) => {
      const admin = currentUser(request);
      const { id } = request.params;
      if (id === admin.id) throw AppError.conflict("You cannot delete your own account", "CANNOT_DELETE_SELF");
      const deleted = await app.db.transaction(async (tx) => {
        const user = await findLiveUserById(tx, id);
        if (!user) throw AppError.notFound("User not found");
        const [row] = await tx
          .update(users)
          .set({ deletedAt: app.now(), updatedAt: app.now() })
          .where(eq(users.id, id))
          .returning();
        const sessionsRevoked = await revokeUserSessions(tx, id);
        await recordAudit(tx, {
          entityType: "user",
          action: "deleted",
          entityId: id,
          actorId: admin.id,
          details: { name: user.name, email: user.email, role: user.role, sessionsRevoked },
        });
        return row ?? user;
      });
      return { data: toUserResponse(deleted) };
    },
  );
};
