import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { makeUser } from '../../testing/user-fixture';
import { UserChip } from './UserChip';

describe('UserChip', () => {
  it('shows the uploaded photo, its thumbnail when there is one', () => {
    const { container } = render(<UserChip user={makeUser({ profile_photo_url: '/uploads/a1.webp', profile_photo_thumbnail_url: '/uploads/a1-thumb.webp' })} />);
    expect(container.querySelector('img.avatar')).toHaveAttribute('src', '/uploads/a1-thumb.webp');
  });

  it('shows the photo itself without a thumbnail, and the initials without a photo', () => {
    const withPhoto = render(<UserChip user={makeUser({ profile_photo_url: '/uploads/a1.webp', profile_photo_thumbnail_url: null })} />);
    expect(withPhoto.container.querySelector('img.avatar')).toHaveAttribute('src', '/uploads/a1.webp');
    withPhoto.unmount();
    const initials = render(<UserChip user={makeUser({ first_name: 'Grace', last_name: 'Omalley', profile_photo_url: null })} />);
    expect(initials.container.querySelector('img')).toBeNull();
    expect(initials.container.querySelector('.avatar')).toHaveTextContent('GO');
  });
});
