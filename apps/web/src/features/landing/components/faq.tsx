import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { FAQS } from "../content";
import { SectionHeading } from "./section-heading";

export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-16 border-y bg-muted/40 py-20 sm:py-28">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading
          id="faq-title"
          eyebrow="FAQ"
          title="Frequently asked questions"
          description="Everything you need to know before you get started."
        />
        {/* "single" + collapsible: one answer open at a time, and it can be closed again. */}
        <Accordion type="single" collapsible className="mt-12 rounded-lg border bg-card px-5 shadow-sm sm:px-6">
          {FAQS.map((faq) => (
            <AccordionItem key={faq.question} value={faq.question} className="last:border-b-0">
              <AccordionTrigger className="text-base">{faq.question}</AccordionTrigger>
              <AccordionContent className="text-sm leading-relaxed">{faq.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}
