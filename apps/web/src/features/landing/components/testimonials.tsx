import { Quote, Star } from "lucide-react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Card } from "@/components/ui/card";
import { initials } from "@/lib/utils";
import { TESTIMONIALS } from "../content";
import { SectionHeading } from "./section-heading";

const STARS = [1, 2, 3, 4, 5];

export function Testimonials() {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="scroll-mt-16 border-y bg-muted/40 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Loved by busy social teams"
          description="Creators, agencies and in-house marketers use Orbitpost to stay consistent without burning out."
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <Card className="h-full p-6">
                <figure className="flex h-full flex-col">
                  <div className="flex items-center justify-between">
                    <div role="img" aria-label="Rated 5 out of 5" className="flex gap-0.5 text-amber-500">
                      {STARS.map((n) => (
                        <Star key={n} aria-hidden className="size-4 fill-current" />
                      ))}
                    </div>
                    <Quote aria-hidden className="size-6 text-primary/30" />
                  </div>
                  <blockquote className="mt-4 flex-1 text-pretty leading-relaxed">
                    <p>“{t.quote}”</p>
                  </blockquote>
                  <figcaption className="mt-6 flex items-center gap-3 border-t pt-5">
                    <Avatar className="size-10">
                      <AvatarFallback className="text-sm">{initials(t.name)}</AvatarFallback>
                    </Avatar>
                    <div className="min-w-0 text-sm">
                      <div className="font-semibold">{t.name}</div>
                      <div className="text-muted-foreground">
                        {t.role}, {t.company}
                      </div>
                    </div>
                  </figcaption>
                </figure>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
