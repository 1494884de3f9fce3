import type { ChangePassword } from "@domain/auth/schemas";
import { type ApiData, apiClient } from "@web/lib/api-client";

/** POST /api/me/password: the user's other sessions end; answers how many. */
export async function changeOwnPassword(input: ChangePassword): Promise<{ otherSessionsEnded: number }> {
  return (await apiClient.post<ApiData<{ otherSessionsEnded: number }>>("/api/me/password", input)).data;
}

export interface ResetLinkOwner {
  name: string;
  email: string;
  expiresAt: string;
}

/** POST /api/auth/password-reset/link: whose account the link is for (400 unknown, 410 used or expired). */
export async function inspectResetLink(token: string): Promise<ResetLinkOwner> {
  return (await apiClient.post<ApiData<ResetLinkOwner>>("/api/auth/password-reset/link", { token })).data;
}

/** POST /api/auth/password-reset: sets the password, once; every session of the user ends. */
export async function resetPasswordWithLink(token: string, newPassword: string): Promise<void> {
  await apiClient.post<unknown>("/api/auth/password-reset", { token, newPassword });
}
