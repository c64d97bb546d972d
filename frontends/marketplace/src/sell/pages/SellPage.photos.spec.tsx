import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeXhr } from '@loadout/web/testing';
import {
  buildImage,
  errorResponse,
  fillRequiredDetails,
  flush,
  imageFile,
  installApi,
  installBrowserFakes,
  jsonResponse,
  photoCard,
  renderSell,
  setupUser,
  uploadRoutes,
} from '../test-utils';

beforeEach(() => {
  installBrowserFakes();
});

describe('SellPage photos', () => {
  it('shows upload progress and cancels an upload', async () => {
    installBrowserFakes({ manual: true });
    const user = setupUser();
    const api = installApi(uploadRoutes());
    renderSell('/sell');
    await user.upload(screen.getByLabelText('Add photos'), imageFile('front.jpg'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const put = FakeXhr.sent[0]!;
    expect(put.url).toBe('/api/v1/uploads/up_1/parts/1?token=t');
    expect(put.requestHeaders.authorization).toBeUndefined();

    act(() => put.progress(1024));
    const bar = await screen.findByRole('progressbar', { name: 'Upload of front.jpg' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('Uploading 50%')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Pause: front.jpg' }));
    expect(screen.getByText('Paused at 0%')).toBeVisible();
    expect(screen.getByText('Upload of front.jpg paused.')).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: 'Cancel: front.jpg' }));
    expect(
      screen.queryByRole('list', { name: 'Photos, in display order' }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(api.to('DELETE', '/api/v1/uploads/up_1')).toHaveLength(1));
    expect(screen.getByText('Upload of front.jpg canceled.')).toBeInTheDocument();
  });

  it('takes dropped photos and will not publish until they finish uploading', async () => {
    installBrowserFakes({ manual: true });
    const user = setupUser();
    const api = installApi(uploadRoutes());
    renderSell('/sell');
    const zone = screen.getByText('Add photos').closest('.sell-dropzone') as HTMLElement;
    fireEvent.dragOver(zone);
    fireEvent.drop(zone, { dataTransfer: { files: [imageFile('drop.webp', 'image/webp')] } });
    expect(photoCard('drop.webp')).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));

    await fillRequiredDetails(user);
    await user.click(screen.getByRole('button', { name: 'Publish listing' }));
    const photos = screen.getByLabelText('Add photos');
    await waitFor(() => expect(photos).toHaveFocus());
    expect(photos).toHaveAccessibleDescription(
      expect.stringContaining('Wait for your photos to finish uploading.'),
    );
    expect(api.to('POST', '/api/v1/listings')).toHaveLength(0);
  });

  it('refuses a file that is not a photo, with the server’s words, and removes it', async () => {
    const user = setupUser();
    const api = installApi(uploadRoutes());
    renderSell('/sell');
    fireEvent.change(screen.getByLabelText('Add photos'), {
      target: { files: [imageFile('manual.pdf', 'application/pdf')] },
    });
    const card = photoCard('manual.pdf');
    expect(within(card).getByText('This file is not a JPEG, PNG or WebP image.')).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Remove: manual.pdf' }));
    expect(screen.queryByText('manual.pdf')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server’s refusal of a photo', async () => {
    const user = setupUser();
    installApi({
      ...uploadRoutes(),
      'POST /api/v1/uploads/up_1/complete': errorResponse(
        400,
        'IMAGES.UNREADABLE',
        'This photo could not be read.',
      ),
    });
    renderSell('/sell');
    await user.upload(screen.getByLabelText('Add photos'), imageFile('broken.jpg'));
    expect(
      await within(photoCard('broken.jpg')).findByText('This photo could not be read.'),
    ).toBeVisible();
    await flush();
  });

  it('offers Retry after a failed upload and sends the photo again', async () => {
    installBrowserFakes({ manual: true });
    const user = setupUser();
    let completions = 0;
    installApi({
      ...uploadRoutes(),
      'POST /api/v1/uploads/up_1/complete': () =>
        (completions += 1) === 1
          ? errorResponse(
              503,
              'GATEWAY.UPSTREAM_UNAVAILABLE',
              'The photo service is busy. Try again.',
            )
          : jsonResponse(200, buildImage(101)),
    });
    renderSell('/sell');
    await user.upload(screen.getByLabelText('Add photos'), imageFile('front.jpg'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.respond(200, '"e1"'));
    const card = photoCard('front.jpg');
    expect(await within(card).findByText('The photo service is busy. Try again.')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Retry: front.jpg' }));
    expect(await screen.findByText('front.jpg uploaded.')).toBeInTheDocument();
    expect(within(card).queryByText('The photo service is busy. Try again.')).toBeNull();
    // The part already had its ETag: only the completion was sent again.
    expect(FakeXhr.sent).toHaveLength(1);
    expect(completions).toBe(2);
  });
});
