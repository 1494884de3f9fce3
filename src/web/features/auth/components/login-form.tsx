import { type Login, type LoginInput, loginSchema } from "@domain/auth/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { toast } from "@web/components/ui/toast-store";
import { cn } from "@web/lib/cn";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import { useLogin } from "../api/login";
import { useAfterSignInPath } from "../hooks/use-after-sign-in-path";

export function LoginForm() {
  const [, navigate] = useLocation();
  const [showPassword, setShowPassword] = useState(false);
  const login = useLogin();
  const afterSignIn = useAfterSignInPath();
  const form = useForm<LoginInput, unknown, Login>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      navigate(afterSignIn, { replace: true });
    } catch {
      // docs/product/errors.md: one message for every failure, so the screen never reveals which part was wrong.
      toast({ title: "Login Failed", description: "Invalid email or password", variant: "destructive" });
    }
  });

  const busy = login.isPending || form.formState.isSubmitting;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          type="email"
          autoComplete="username"
          placeholder="name@company.co.uk"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "email-error" : undefined}
          {...form.register("email")}
        />
        <FieldError id="email-error" message={errors.email?.message} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="password">Password</Label>
        <div className="relative">
          <Input
            id="password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            className="pr-10"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "password-error" : undefined}
            {...form.register("password")}
          />
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-label={showPassword ? "Hide password" : "Show password"}
            aria-pressed={showPassword}
            className={cn(
              "absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600",
            )}
          >
            {showPassword ? (
              <EyeOff aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Eye aria-hidden="true" className="h-4 w-4" />
            )}
          </button>
        </div>
        <FieldError id="password-error" message={errors.password?.message} />
      </div>
      <Button type="submit" disabled={busy} className="w-full justify-center">
        {busy ? "Signing in..." : "Sign In"}
      </Button>
      <p className="text-center text-sm text-slate-600">Need an account? Contact Administrator</p>
    </form>
  );
}
