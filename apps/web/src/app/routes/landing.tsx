import { lazy, Suspense, useEffect, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { Benefits } from "@/features/landing/components/benefits";
import { ClosingCta } from "@/features/landing/components/closing-cta";
import { DemoSection } from "@/features/landing/components/demo-section";
import { FeaturesSection } from "@/features/landing/components/features-section";
import { Hero } from "@/features/landing/components/hero";
import { HowItWorks } from "@/features/landing/components/how-it-works";
import { LandingFooter } from "@/features/landing/components/landing-footer";
import { LandingHeader } from "@/features/landing/components/landing-header";
import { Pricing } from "@/features/landing/components/pricing";
import { Testimonials } from "@/features/landing/components/testimonials";
import { useScrollToHash } from "@/hooks/use-scroll-to-hash";

const Faq = lazy(() => import("@/features/landing/components/faq").then((m) => ({ default: m.Faq })));

/**
 * The FAQ is far below the fold and its accordion is most of the page's own script: it loads once the page
 * has painted (a frame, then a task), so the first paint waits for nothing it does not show. Until then a
 * placeholder of about its height holds its place and its anchor (`/#faq` scrolls there, then stays put).
 */
function DeferredFaq() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setReady(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const placeholder = (
    <div id="faq" className="flex min-h-[52rem] scroll-mt-16 items-center justify-center border-y bg-muted/40">
      <Spinner />
    </div>
  );
  return ready ? (
    <Suspense fallback={placeholder}>
      <Faq />
    </Suspense>
  ) : (
    placeholder
  );
}

export default function LandingRoute() {
  useScrollToHash();
  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader />
      {/* tabIndex lets the skip link move keyboard focus, not just the scroll position. */}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Hero />
        <FeaturesSection />
        <HowItWorks />
        <DemoSection />
        <Testimonials />
        <Pricing />
        <DeferredFaq />
        <Benefits />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}
