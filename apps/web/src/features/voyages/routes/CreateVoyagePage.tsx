import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageMeta } from '../../../lib/page-meta';
import { VoyageForm } from '../components/form/VoyageForm';
import '../form.css';

export function CreateVoyagePage() {
  const { t } = useLingui();
  usePageMeta(t`Create a voyage`, t`Publish a voyage and find crew.`);
  return (
    <div className="page voyage-form-page">
      <PageHeader title={t`Create a voyage`} lead={t`Plan the route, set the dates and tell crew what to expect.`} />
      <VoyageForm mode="create" />
    </div>
  );
}
