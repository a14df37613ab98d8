import { Benefits } from "@/features/landing/components/benefits";
import { ClosingCta } from "@/features/landing/components/closing-cta";
import { DemoSection } from "@/features/landing/components/demo-section";
import { Faq } from "@/features/landing/components/faq";
import { FeaturesSection } from "@/features/landing/components/features-section";
import { Hero } from "@/features/landing/components/hero";
import { HowItWorks } from "@/features/landing/components/how-it-works";
import { LandingFooter } from "@/features/landing/components/landing-footer";
import { LandingHeader } from "@/features/landing/components/landing-header";
import { Pricing } from "@/features/landing/components/pricing";
import { Testimonials } from "@/features/landing/components/testimonials";
import { useScrollToHash } from "@/features/landing/hooks/use-scroll-to-hash";

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
        <Faq />
        <Benefits />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}
