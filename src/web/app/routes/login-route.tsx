import { Logo } from "../../components/layout/logo";
import { Card, CardContent } from "../../components/ui/card";
import { LoginForm } from "../../features/auth/components/login-form";
import { pageTitle, usePageTitle } from "../../hooks/use-page-title";

export default function LoginRoute() {
  usePageTitle(pageTitle("Sign In"));
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-slate-100 to-slate-50 px-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <Card>
          <CardContent className="p-6">
            <h1 className="text-xl font-semibold text-slate-900">Sign in</h1>
            <p className="mt-1 mb-5 text-sm text-slate-600">
              Professional indemnity quotes for design and construct firms
            </p>
            <LoginForm />
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
