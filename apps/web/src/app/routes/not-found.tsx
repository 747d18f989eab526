import { ButtonLink } from '../../components/button';
import { useDocumentTitle } from '../../lib/document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main id="main" className="flex min-h-[70vh] items-center justify-center px-4 pt-24 pb-16">
      <div className="max-w-md text-center">
        <p className="font-bold text-brand-700 text-sm uppercase tracking-wider">Error 404</p>
        <h1 className="mt-3 font-bold text-4xl text-slate-900 tracking-tight">Page not found</h1>
        <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/" size="lg">
            Back to home
          </ButtonLink>
          <ButtonLink to="/#contact-us" variant="secondary" size="lg">
            Contact us
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}
