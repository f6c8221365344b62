import { VOYAGE_STATUS_LABELS } from '@crew/contracts';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { useVoyage } from '../api/get-voyage';
import { VoyageForm } from '../components/form/VoyageForm';
import { fromVoyage } from '../components/form/form-state';
import '../form.css';

/** Spec section 4: a voyage can be edited only while planning or active (full is active with no berth left; a draft always). */
const EDITABLE = ['planning', 'active', 'full', 'draft'];

export function EditVoyagePage() {
  usePageMeta('Edit voyage', 'Update your voyage.');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const voyage = useVoyage(id, { retry: false });
  // Spec: a failed load, or someone else's voyage, goes back to the dashboard.
  const leave = voyage.isError || (voyage.data !== undefined && !voyage.data.is_owner);
  useEffect(() => {
    if (leave) navigate('/dashboard', { replace: true });
  }, [leave, navigate]);

  if (voyage.isPending || leave) return <LoadingState label="Loading voyage…" />;
  const data = voyage.data;
  if (!EDITABLE.includes(data.status)) {
    return (
      <div className="page voyage-form-page">
        <PageHeader title={`Edit ${data.title}`} />
        <EmptyState title={`This voyage is ${VOYAGE_STATUS_LABELS[data.status].toLowerCase()} and can no longer be edited.`}>
          <p>Only voyages that are planning or active can be changed.</p>
          <p className="actions actions--center">
            <Link to={`/voyages/${data.id}`} className="button button--secondary">
              View voyage
            </Link>
            <Link to="/dashboard" className="button button--secondary">
              Back to dashboard
            </Link>
          </p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="page voyage-form-page">
      <PageHeader title={data.status === 'draft' ? `Finish your draft: ${data.title || 'Untitled voyage'}` : `Edit ${data.title}`} />
      {/* key: a refetched voyage must not reset what the user is typing, only a different voyage does. */}
      <VoyageForm key={data.id} mode="edit" voyage={data} initial={fromVoyage(data)} />
    </div>
  );
}
