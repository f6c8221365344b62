import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { useVoyageForEdit } from '../../../api/voyages';
import { VoyageForm } from '../components/form/VoyageForm';
import { fromVoyage } from '../components/form/form-state';
import '../form.css';

/** A voyage can be edited only while planning or active (full is active with no berth left; a draft always). */
const EDITABLE = ['planning', 'active', 'full', 'draft'];

export function EditVoyagePage() {
  const { t } = useLingui();
  usePageMeta(t`Edit voyage`, t`Update your voyage.`);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const loaded = useVoyageForEdit(id);
  // Each time the user chooses to load the latest version, the form starts again from it.
  const [reloads, setReloads] = useState(0);
  // A failed load, or someone else's voyage, goes back to the dashboard (a failed refetch keeps the form and what is typed in it).
  const leave = (loaded.isError && loaded.data === undefined) || (loaded.data !== undefined && !loaded.data.voyage.is_owner);
  useEffect(() => {
    if (leave) navigate('/dashboard', { replace: true });
  }, [leave, navigate]);

  // The page keeps its heading while the voyage loads (and while it leaves for the dashboard), so it is never a page without one.
  if (leave || !loaded.data) {
    return (
      <EditFrame title={t`Edit voyage`}>
        <LoadingState label={t`Loading voyage…`} />
      </EditFrame>
    );
  }
  const data = loaded.data.voyage;
  const title = data.title;
  const status = data.status;
  const draftName = title || t`Untitled voyage`;
  const reloadLatest = async (): Promise<void> => {
    const fresh = await loaded.refetch();
    if (fresh.isError) throw fresh.error;
    setReloads((n) => n + 1);
  };
  if (!EDITABLE.includes(data.status)) {
    return (
      <EditFrame title={t`Edit ${title}`}>
        <EmptyState
          title={t`${select(status, {
            in_progress: 'This voyage is in progress and can no longer be edited.',
            completed: 'This voyage is completed and can no longer be edited.',
            cancelled: 'This voyage is cancelled and can no longer be edited.',
            other: 'This voyage can no longer be edited.',
          })}`}
        >
          <p>
            <Trans>Only voyages that are planning or active can be changed.</Trans>
          </p>
          <p className="actions actions--center">
            <Link to={`/voyages/${data.id}`} className="button button--secondary">
              <Trans>View voyage</Trans>
            </Link>
            <Link to="/dashboard" className="button button--secondary">
              <Trans>Back to dashboard</Trans>
            </Link>
          </p>
        </EmptyState>
      </EditFrame>
    );
  }
  return (
    <EditFrame title={data.status === 'draft' ? t`Finish your draft: ${draftName}` : t`Edit ${title}`}>
      {/* key: a background refetch must not reset what the user is typing; a different voyage, or a reload the user asked for, does. */}
      <VoyageForm key={`${data.id}:${reloads}`} mode="edit" voyage={data} initial={fromVoyage(data)} etag={loaded.data.etag} onReloadLatest={reloadLatest} />
    </EditFrame>
  );
}

/** The page's heading over what it shows: the voyage loading, why it can no longer be edited, or the form. */
function EditFrame({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <div className="page voyage-form-page">
      <PageHeader title={title} />
      {children}
    </div>
  );
}
