import { CirclePlay } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SIGN_UP_PATH } from "../content";
import { AnalyticsMock, CalendarMock, ComposerMock } from "./demo-mocks";
import { SectionHeading } from "./section-heading";

interface DemoCardProps {
  title: string;
  description: string;
  children: ReactNode;
}

function DemoCard({ title, description, children }: DemoCardProps) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {/* The written description above is what assistive technology gets; the mock is pure illustration. */}
      <CardContent aria-hidden className="select-none">
        {children}
      </CardContent>
    </Card>
  );
}

export function DemoSection() {
  return (
    <section id="demo" aria-labelledby="demo-title" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="demo-title"
          eyebrow="Product tour"
          title="See Orbitpost in action"
          description="A calendar that shows your whole plan, a composer that adapts to every network and analytics that tell you what works."
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <li>
            <DemoCard
              title="Content calendar"
              description="Every scheduled post across all networks in one month view, colour-coded by platform."
            >
              <CalendarMock />
            </DemoCard>
          </li>
          <li>
            <DemoCard
              title="Post composer"
              description="Write once, choose your networks and a time, and get AI caption ideas as you type."
            >
              <ComposerMock />
            </DemoCard>
          </li>
          <li className="md:col-span-2 lg:col-span-1">
            <DemoCard
              title="Analytics dashboard"
              description="Reach, engagement and follower growth at a glance, with your best days highlighted."
            >
              <AnalyticsMock />
            </DemoCard>
          </li>
        </ul>
        <div className="mt-12 flex justify-center">
          <Button asChild size="lg" variant="outline">
            <Link to={SIGN_UP_PATH}>
              <CirclePlay aria-hidden />
              Watch Full Demo
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
