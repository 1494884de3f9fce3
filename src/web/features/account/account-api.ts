import type { ChangePassword } from "@domain/auth/schemas";
import type { RenewedRecoveryCodes, TwoFactorStatus } from "@domain/auth/two-factor";
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

export const twoFactorQueryKey = ["me", "two-factor"] as const;

/** GET /api/me/two-factor: on or off, whether the role must use it, recovery codes left. */
export async function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return (await apiClient.get<ApiData<TwoFactorStatus>>("/api/me/two-factor")).data;
}

/** POST /api/me/two-factor/enrolment: a new secret, as the QR code's address and as text. */
export async function startTwoFactorEnrolment(): Promise<{ uri: string; secret: string }> {
  return (await apiClient.post<ApiData<{ uri: string; secret: string }>>("/api/me/two-factor/enrolment")).data;
}

/** POST /api/me/two-factor/enrolment/confirm: on, with the recovery codes shown this once. */
export async function confirmTwoFactorEnrolment(code: string): Promise<{ recoveryCodes: string[] }> {
  return (await apiClient.post<ApiData<{ recoveryCodes: string[] }>>("/api/me/two-factor/enrolment/confirm", { code }))
    .data;
}

/** POST /api/me/two-factor/disable: off, with a current code. */
export async function disableTwoFactor(code: string): Promise<void> {
  await apiClient.post<unknown>("/api/me/two-factor/disable", { code });
}

/** POST /api/me/two-factor/recovery-codes: ten new codes for the old ones, with a current code; answered once. */
export async function renewRecoveryCodes(code: string): Promise<RenewedRecoveryCodes> {
  return (await apiClient.post<ApiData<RenewedRecoveryCodes>>("/api/me/two-factor/recovery-codes", { code })).data;
}
