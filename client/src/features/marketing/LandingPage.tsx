import { Link } from 'react-router-dom';
import { ArrowRight, Check, Sparkles } from 'lucide-react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { landingContent, pageTitles } from './content';

const focusRing = 'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-offset-2';
const primaryButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:ring-brand-500 ${focusRing}`;
const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-3 text-base font-semibold text-slate-800 shadow-sm transition-colors hover:border-slate-400 hover:bg-slate-50 focus-visible:ring-brand-500 ${focusRing}`;

function HeroPreview() {
  const { preview } = landingContent;
  return (
    <div role="img" aria-label={preview.label} className="relative mx-auto w-full max-w-xl lg:max-w-none">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-3xl bg-linear-to-br from-brand-200/60 via-brand-100/40 to-transparent blur-2xl"
      />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-brand-900/10">
        {/* Window chrome */}
        <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3">
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="ml-3 text-xs font-medium text-slate-500">{preview.windowTitle}</span>
        </div>

        <div className="space-y-5 p-4 sm:p-6">
          <p className="text-sm font-semibold text-slate-900">{preview.heading}</p>

          <div className="grid grid-cols-3 gap-2 sm:gap-3">
            {preview.stats.map((stat) => (
              <div key={stat.label} className="rounded-xl border border-slate-200 bg-slate-50/70 p-2.5 sm:p-3">
                <p className="text-[11px] leading-tight font-medium text-slate-500 sm:text-xs">{stat.label}</p>
                <p className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{stat.value}</p>
                <p className="mt-0.5 hidden truncate text-xs text-brand-700 sm:block">{stat.trend}</p>
              </div>
            ))}
          </div>

          <div>
            <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {preview.projectsHeading}
            </p>
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
              {preview.projects.map((project) => (
                <li key={project.name} className="flex items-center gap-3 px-3 py-3">
                  <div className="min-w-0 flex-1">
                    <div className="flex items-baseline justify-between gap-2">
                      <p className="truncate text-sm font-medium text-slate-900">{project.name}</p>
                      <p className="shrink-0 text-xs text-slate-500">{project.progress}%</p>
                    </div>
                    <p className="truncate text-xs text-slate-500">{project.client}</p>
                    <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100">
                      <div
                        className="h-full rounded-full bg-linear-to-r from-brand-400 to-brand-600"
                        style={{ width: `${project.progress}%` }}
                      />
                    </div>
                  </div>
                  <span className="hidden shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 sm:inline">
                    {project.status}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </div>
  );
}

function Hero() {
  const { hero } = landingContent;
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      {/* Decorative background */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-b from-brand-50 via-white to-white" />
      <div
        aria-hidden="true"
        className="absolute -top-40 left-1/2 -z-10 h-[32rem] w-[56rem] -translate-x-1/2 rounded-full bg-radial from-brand-200/50 to-transparent to-70% blur-2xl"
      />

      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-xs font-medium sm:text-sm text-brand-700 shadow-sm">
            <Sparkles aria-hidden="true" className="size-4" />
            {hero.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl xl:text-6xl"
          >
            {hero.title}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 lg:mx-0">{hero.subtitle}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Link to={hero.primaryCta.to} className={primaryButton}>
              {hero.primaryCta.label}
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            <Link to={hero.secondaryCta.to} className={secondaryButton}>
              {hero.secondaryCta.label}
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-600 lg:justify-start">
            {hero.highlights.map((item) => (
              <li key={item} className="inline-flex items-center gap-1.5">
                <Check aria-hidden="true" className="size-4 text-brand-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>

        <HeroPreview />
      </div>
    </section>
  );
}

function Features() {
  const { features } = landingContent;
  return (
    <section aria-labelledby="features-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {features.heading}
          </h2>
          <p className="mt-4 text-lg text-pretty text-slate-600">{features.intro}</p>
        </div>

        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.cards.map(({ title, description, icon: Icon }) => (
            <li
              key={title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0"
            >
              <span
                aria-hidden="true"
                className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 transition-colors group-hover:bg-brand-600 group-hover:text-white"
              >
                <Icon className="size-5" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{description}</p>
            </li>
          ))}
        </ul>

        <div className="mt-10 text-center">
          <Link
            to={features.moreLink.to}
            className={`inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800 focus-visible:ring-brand-500 ${focusRing}`}
          >
            {features.moreLink.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}

function Benefits() {
  const { benefits } = landingContent;
  return (
    <section aria-labelledby="benefits-title" className="relative isolate overflow-hidden bg-brand-900 py-16 sm:py-24">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-br from-brand-800 via-brand-900 to-slate-900"
      />
      <div
        aria-hidden="true"
        className="absolute -right-32 -bottom-32 -z-10 size-96 rounded-full bg-brand-500/20 blur-3xl"
      />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="benefits-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {benefits.heading}
          </h2>
          <p className="mt-4 text-lg text-pretty text-brand-100">{benefits.intro}</p>
        </div>

        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {benefits.items.map(({ title, description, icon: Icon }) => (
            <div key={title} className="rounded-2xl border border-white/10 bg-white/5 p-6 backdrop-blur-sm">
              <span
                aria-hidden="true"
                className="inline-flex size-11 items-center justify-center rounded-xl bg-white/10 text-white ring-1 ring-white/20"
              >
                <Icon className="size-5" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-white">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-brand-100">{description}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function ClosingCta() {
  const { closing } = landingContent;
  return (
    <section aria-labelledby="closing-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-brand-600 to-brand-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="absolute -top-24 -left-24 -z-10 size-72 rounded-full bg-white/10 blur-2xl"
          />
          <h2 id="closing-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {closing.heading}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-50">{closing.text}</p>
          <Link
            to={closing.cta.to}
            className={`mt-8 inline-flex items-center justify-center gap-2 rounded-lg bg-white px-6 py-3 text-base font-semibold text-brand-700 shadow-sm transition-colors hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-brand-700 ${focusRing}`}
          >
            {closing.cta.label}
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </div>
    </section>
  );
}

export default function LandingPage() {
  useDocumentTitle(pageTitles.landing);

  return (
    <>
      <Hero />
      <Features />
      <Benefits />
      <ClosingCta />
    </>
  );
}
