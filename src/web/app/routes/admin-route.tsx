import { Building2, ChartColumn, FileText, ScrollText, SlidersHorizontal, Users } from "lucide-react";
import { Suspense } from "react";
import { Link } from "wouter";
import { AppLayout } from "../../components/layout/app-layout";
import { focusRing } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { FullPageSpinner } from "../../components/ui/spinner";
import { ADMIN_SECTIONS, type AdminSection, paths } from "../../config/paths";
import { pageTitle, usePageTitle } from "../../hooks/use-page-title";
import { cn } from "../../lib/cn";
import { ADMIN_SECTION_SCREENS } from "./admin-sections";
import NotFoundRoute from "./not-found-route";

const SECTION_TITLES: Record<AdminSection, string> = {
  dashboard: "Admin Dashboard",
  rating: "Rating Versions",
  users: "User Management",
  firms: "Broker Firms",
  audit: "Audit Logs",
  endorsements: "Endorsement Library",
};

const ADMIN_CARDS = [
  {
    href: paths.admin.rating,
    title: "Rating Versions",
    text: "Draft, test and publish rating configurations",
    icon: SlidersHorizontal,
  },
  {
    href: paths.admin.users,
    title: "User Management",
    text: "Add brokers, underwriters and administrators",
    icon: Users,
  },
  {
    href: paths.admin.firms,
    title: "Broker Firms",
    text: "FCA-regulated firms, their commission, and which brokers belong to each",
    icon: Building2,
  },
  {
    href: paths.managementInformation,
    title: "Management Information",
    text: "Premium, quotes, referrals and decisions by month, turnover band and firm",
    icon: ChartColumn,
  },
  { href: paths.admin.audit, title: "Audit Logs", text: "Every sign-in and change, newest first", icon: ScrollText },
  {
    href: paths.admin.endorsements,
    title: "Endorsement Library",
    text: "Clauses underwriters attach to their decisions, each edit a new version",
    icon: FileText,
  },
];

function AdminDashboard() {
  return (
    <div className="grid gap-3 md:grid-cols-3">
      {ADMIN_CARDS.map((card) => (
        <Link key={card.href} href={card.href} className={cn("rounded-lg", focusRing)}>
          <Card className="h-full transition-shadow hover:shadow-md">
            <CardContent className="flex items-start gap-3 p-4">
              <card.icon aria-hidden="true" className="mt-0.5 h-6 w-6 text-blue-800" />
              <div>
                <h2 className="font-semibold text-slate-900">{card.title}</h2>
                <p className="mt-1 text-sm text-slate-600">{card.text}</p>
              </div>
            </CardContent>
          </Card>
        </Link>
      ))}
    </div>
  );
}

function AdminSectionView({ section }: { section: AdminSection }) {
  if (section === "dashboard") return <AdminDashboard />;
  const Section = ADMIN_SECTION_SCREENS[section];
  return (
    <Suspense fallback={<FullPageSpinner label={`Loading ${SECTION_TITLES[section]}`} />}>
      <Section />
    </Suspense>
  );
}

function isAdminSection(value: string): value is AdminSection {
  return (ADMIN_SECTIONS as readonly string[]).includes(value);
}

function AdminScreen({ section }: { section: AdminSection }) {
  usePageTitle(pageTitle(`Admin - ${SECTION_TITLES[section]}`));
  return (
    <AppLayout>
      <div className="grid gap-5">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{SECTION_TITLES[section]}</h1>
          <p className="text-sm text-slate-600">Administration</p>
        </div>
        <AdminSectionView section={section} />
      </div>
    </AppLayout>
  );
}

/** /admin/{section?}: the admin dashboard by default; an unknown section is the not-found screen. */
export default function AdminRoute({ section }: { section: string | undefined }) {
  const resolved = section ?? "dashboard";
  if (!isAdminSection(resolved)) return <NotFoundRoute />;
  return <AdminScreen section={resolved} />;
}
