import { ComingSoon } from '../../components/coming-soon';

export default function NotFoundPage() {
  return <ComingSoon title="Page not found" />;
}
