import { Link } from 'react-router-dom';
import { ArrowRight, Check } from 'lucide-react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { featuresContent, pageTitles, type DetailedFeature } from './content';
import { PageHero } from './PageHero';

const focusRing = 'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-offset-2';

function FeatureCard({ feature }: { feature: DetailedFeature }) {
  const { id, title, description, benefits, icon: Icon } = feature;
  const titleId = `feature-${id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-200 hover:shadow-md motion-reduce:transition-none sm:p-7"
    >
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-linear-to-br from-brand-500 to-brand-700 text-white shadow-sm"
        >
          <Icon className="size-6" />
        </span>
        <h3 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h3>
      </div>
      <p className="mt-4 text-sm leading-6 text-slate-600">{description}</p>
      <ul
        aria-label={`${title} ${featuresContent.benefitsLabel.toLowerCase()}`}
        className="mt-5 space-y-2.5 border-t border-slate-100 pt-5"
      >
        {benefits.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2.5 text-sm text-slate-700">
            <span
              aria-hidden="true"
              className="mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700"
            >
              <Check className="size-3" strokeWidth={3} />
            </span>
            {benefit}
          </li>
        ))}
      </ul>
    </article>
  );
}

export default function FeaturesPage() {
  useDocumentTitle(pageTitles.features);

  const { closing } = featuresContent;

  return (
    <>
      <PageHero eyebrow={featuresContent.eyebrow} title={featuresContent.title} intro={featuresContent.intro} />

      <section aria-labelledby="features-list-title" className="pb-16 sm:pb-24">
        <h2 id="features-list-title" className="sr-only">
          {featuresContent.listHeading}
        </h2>
        <ul className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 md:grid-cols-2 lg:grid-cols-3 lg:px-8">
          {featuresContent.features.map((feature) => (
            <li key={feature.id}>
              <FeatureCard feature={feature} />
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="features-closing-title"
        className="border-t border-slate-200 bg-slate-50 py-16 sm:py-20"
      >
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <h2
            id="features-closing-title"
            className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {closing.heading}
          </h2>
          <p className="mt-4 text-lg text-pretty text-slate-600">{closing.text}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to={closing.primaryCta.to}
              className={`inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:ring-brand-500 focus-visible:ring-offset-slate-50 ${focusRing}`}
            >
              {closing.primaryCta.label}
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            <Link
              to={closing.secondaryCta.to}
              className={`inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-3 text-base font-semibold text-slate-800 shadow-sm transition-colors hover:border-slate-400 hover:bg-slate-100 focus-visible:ring-brand-500 focus-visible:ring-offset-slate-50 ${focusRing}`}
            >
              {closing.secondaryCta.label}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
