import { loadManifest, parseManifest, resetManifestCache } from './remotes-manifest';

describe('parseManifest', () => {
  it('keeps remotes with an entry', () => {
    expect(
      parseManifest({
        remotes: {
          fields: { entry: '/remotes/fields/remoteEntry.js' },
          broken: { entry: 42 },
          empty: {},
          nothing: null,
        },
      }),
    ).toEqual({ remotes: { fields: { entry: '/remotes/fields/remoteEntry.js' } } });
  });

  it('rejects a manifest without a remotes object', () => {
    expect(() => parseManifest(null)).toThrow();
    expect(() => parseManifest({ remotes: [] })).toThrow();
    expect(() => parseManifest({})).toThrow();
  });
});

describe('loadManifest', () => {
  beforeEach(() => resetManifestCache());

  const ok = (body: unknown) =>
    Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(body) } as Response);

  it('fetches /remotes.json once and caches it', async () => {
    const fetchImpl = jest.fn(() => ok({ remotes: {} }));
    await loadManifest(fetchImpl);
    await loadManifest(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.anything());
  });

  it('fetches again after a failure', async () => {
    const fetchImpl = jest
      .fn()
      .mockResolvedValueOnce({ ok: false, status: 502 } as Response)
      .mockImplementationOnce(() => ok({ remotes: { fields: { entry: '/f.js' } } }));
    await expect(loadManifest(fetchImpl)).rejects.toThrow('HTTP 502');
    await expect(loadManifest(fetchImpl)).resolves.toEqual({
      remotes: { fields: { entry: '/f.js' } },
    });
  });

  it("uses the boot script's early fetch once, then fetches afresh after a failure", async () => {
    window.__loadoutManifest = Promise.resolve({ remotes: { fields: { entry: '/early.js' } } });
    const fetchImpl = jest.fn(() => ok({ remotes: {} }));
    await expect(loadManifest(fetchImpl)).resolves.toEqual({
      remotes: { fields: { entry: '/early.js' } },
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(window.__loadoutManifest).toBeUndefined();

    resetManifestCache();
    window.__loadoutManifest = Promise.reject(new Error('offline'));
    await expect(loadManifest(fetchImpl)).rejects.toThrow('offline');
    await expect(loadManifest(fetchImpl)).resolves.toEqual({ remotes: {} });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
