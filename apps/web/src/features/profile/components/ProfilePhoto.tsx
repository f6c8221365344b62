import type { UserResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useUploadProfilePhoto } from '../../../api/profile';

/** Uploads at once when a file is chosen ("Uploading" state, then its message). */
export function ProfilePhoto({ user }: { user: UserResponse }) {
  const { t } = useLingui();
  const upload = useUploadProfilePhoto();
  const reason = upload.error?.message;
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="photo-upload">
      {user.profile_photo_url ? (
        <img src={user.profile_photo_url} alt="" />
      ) : (
        <span className="avatar avatar--large" aria-hidden="true">
          {`${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase()}
        </span>
      )}
      <label className="button button--secondary button--small">
        {upload.isPending ? t`Uploading...` : t`Change photo`}
        <input
          type="file"
          accept="image/*"
          className="visually-hidden"
          aria-label={t`Profile photo`}
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setMessage(null);
            upload.mutate(file, { onSuccess: () => setMessage(t`Photo uploaded successfully!`) });
          }}
        />
      </label>
      {upload.isError && (
        <span className="field__error" role="alert">
          <Trans>Failed to upload photo: {reason}</Trans>
        </span>
      )}
      {message && (
        <span className="form__success" role="status">
          {message}
        </span>
      )}
    </div>
  );
}
