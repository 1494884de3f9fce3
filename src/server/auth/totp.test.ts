import { describe, expect, it } from "vitest";
import { secondFactorCodeSchema } from "../../domain/auth/two-factor";
import { hashRecoveryCode, matchingTotpStep, newRecoveryCode, newTotpSecret, totpCodeAt, totpUri } from "./totp";

const AT = new Date("2026-11-26T10:00:10Z");
const STEP = Math.floor(AT.getTime() / 30_000);

describe("authenticator codes (RFC 6238)", () => {
  it("matches the RFC 6238 SHA-1 test vector", () => {
    // RFC 6238 appendix B: the ASCII secret "12345678901234567890" at 59 s gives 94287082 (8 digits); 6 digits: 287082.
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totpCodeAt(secret, new Date(59_000))).toBe("287082");
  });

  it("accepts the step before, now and after, and says which step the code is for", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    for (const offset of [-1, 0, 1]) {
      const code = totpCodeAt(secret, new Date(AT.getTime() + offset * 30_000));
      expect(matchingTotpStep(secret, "a@example.test", code, AT)).toBe(STEP + offset);
    }
    const tooOld = totpCodeAt(secret, new Date(AT.getTime() - 2 * 30_000));
    expect(matchingTotpStep(secret, "a@example.test", tooOld, AT)).toBeUndefined();
  });

  it("puts the secret and the product's name in the address the QR code holds", () => {
    const uri = totpUri("JBSWY3DPEHPK3PXP", "pat@example.test");
    expect(uri).toContain("otpauth://totp/");
    expect(uri).toContain("secret=JBSWY3DPEHPK3PXP");
    expect(uri).toContain("issuer=PI%20Quote%20Engine");
  });
});

describe("recovery codes", () => {
  it("are four groups of four from letters and digits that do not read alike, each different", () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("match however they are typed, and only for their own user", () => {
    const code = newRecoveryCode();
    const typed = secondFactorCodeSchema.parse(` ${code.toLowerCase().replace(/-/g, " ")} `);
    expect(hashRecoveryCode("user-1", typed)).toBe(hashRecoveryCode("user-1", code));
    expect(hashRecoveryCode("user-2", code)).not.toBe(hashRecoveryCode("user-1", code));
  });
});
