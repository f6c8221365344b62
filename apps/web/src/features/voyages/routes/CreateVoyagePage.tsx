import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageMeta } from '../../../lib/page-meta';
import { VoyageForm } from '../components/form/VoyageForm';
import '../form.css';

export function CreateVoyagePage() {
  usePageMeta('Create a voyage', 'Publish a voyage and find crew.');
  return (
    <div className="page voyage-form-page">
      <PageHeader title="Create a voyage" lead="Plan the route, set the dates and tell crew what to expect." />
      <VoyageForm mode="create" />
    </div>
  );
}
