import { Link } from 'react-router-dom';
import { ArrowRight, Check, ChevronDown, ShieldCheck, Star } from 'lucide-react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { formatPrice, pageTitles, pricingContent, type FaqItem, type Plan } from './content';
import { PageHero } from './PageHero';

const focusRing = 'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-offset-2';

function PlanCard({ plan }: { plan: Plan }) {
  const nameId = `plan-${plan.id}-name`;
  const highlighted = plan.highlighted;

  return (
    <article
      aria-labelledby={nameId}
      className={`relative flex h-full flex-col rounded-2xl bg-white p-6 sm:p-8 ${
        highlighted
          ? 'border-2 border-brand-600 bg-linear-to-b from-brand-50/70 to-white to-40% shadow-xl shadow-brand-900/10'
          : 'border border-slate-200 shadow-sm'
      }`}
    >
      {plan.badge && (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-sm">
          <Star aria-hidden="true" className="size-3.5 fill-current" />
          {plan.badge}
        </p>
      )}

      <h3 id={nameId} className={`text-xl font-semibold ${highlighted ? 'text-brand-700' : 'text-slate-900'}`}>
        {plan.name}
      </h3>
      <p className="mt-2 text-sm leading-6 text-slate-600">{plan.description}</p>

      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-extrabold tracking-tight text-slate-900">{formatPrice(plan.price)}</span>
        <span className="text-base font-medium text-slate-600">{pricingContent.billingPeriod}</span>
      </p>

      <Link
        to={plan.cta.to}
        aria-describedby={nameId}
        className={`mt-6 inline-flex w-full items-center justify-center gap-2 rounded-lg px-5 py-3 text-sm font-semibold shadow-sm transition-colors focus-visible:ring-brand-500 ${focusRing} ${
          highlighted
            ? 'bg-brand-600 text-white hover:bg-brand-700'
            : 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50'
        }`}
      >
        {plan.cta.label}
      </Link>

      <div className="mt-8 border-t border-slate-100 pt-6">
        <p className="text-sm font-semibold text-slate-900">{pricingContent.featuresLabel}</p>
        <ul className="mt-4 space-y-3">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-3 text-sm text-slate-700">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" strokeWidth={2.5} />
              {feature}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

function FaqEntry({ item }: { item: FaqItem }) {
  return (
    <details className="group rounded-xl border border-slate-200 bg-white shadow-sm open:shadow-md">
      <summary
        className={`flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:ring-brand-500 ${focusRing} [&::-webkit-details-marker]:hidden`}
      >
        {item.question}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <p className="px-5 pt-1 pb-5 text-sm leading-6 text-slate-600">{item.answer}</p>
    </details>
  );
}

export default function PricingPage() {
  useDocumentTitle(pageTitles.pricing);

  const { faq, closing } = pricingContent;

  return (
    <>
      <PageHero eyebrow={pricingContent.eyebrow} title={pricingContent.title} intro={pricingContent.intro}>
        <p className="mt-6 inline-flex items-center gap-2 rounded-2xl border border-brand-200 bg-white px-4 py-1.5 text-sm font-medium text-brand-800 shadow-sm sm:rounded-full">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
          {pricingContent.trialNote}
        </p>
      </PageHero>

      <section aria-labelledby="plans-title" className="pb-16 sm:pb-24">
        <h2 id="plans-title" className="sr-only">
          {pricingContent.plansLabel}
        </h2>
        <ul className="mx-auto grid max-w-md gap-8 px-4 sm:px-6 lg:max-w-7xl lg:grid-cols-3 lg:gap-6 lg:px-8">
          {pricingContent.plans.map((plan) => (
            <li key={plan.id} className="h-full">
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq-title" className="border-t border-slate-200 bg-slate-50 py-16 sm:py-24">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <div className="text-center">
            <h2 id="faq-title" className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
              {faq.heading}
            </h2>
            <p className="mt-4 text-lg text-slate-600">{faq.intro}</p>
          </div>
          <div className="mt-10 space-y-3">
            {faq.items.map((item) => (
              <FaqEntry key={item.question} item={item} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="pricing-closing-title" className="bg-white py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-brand-600 to-brand-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
            <div
              aria-hidden="true"
              className="absolute -right-24 -bottom-24 -z-10 size-72 rounded-full bg-white/10 blur-2xl"
            />
            <h2
              id="pricing-closing-title"
              className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
            >
              {closing.heading}
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-50">{closing.text}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link
                to={closing.primaryCta.to}
                className={`inline-flex items-center justify-center gap-2 rounded-lg bg-white px-6 py-3 text-base font-semibold text-brand-700 shadow-sm transition-colors hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-brand-700 ${focusRing}`}
              >
                {closing.primaryCta.label}
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
              <Link
                to={closing.secondaryCta.to}
                className={`inline-flex items-center justify-center gap-2 rounded-lg border border-white/40 px-6 py-3 text-base font-semibold text-white transition-colors hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-brand-700 ${focusRing}`}
              >
                {closing.secondaryCta.label}
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
