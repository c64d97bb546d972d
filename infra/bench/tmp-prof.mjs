import autocannon from 'autocannon';
const base = process.argv[2];
const paths = [
  '/api/v1/listings?category=pistols&sort=newest&limit=24',
  '/api/v1/listings?search=10033&limit=24',
  '/api/v1/listings?county=Cork&sort=price_asc&limit=24',
  '/api/v1/listings?search=pistol&limit=24',
];
const r = await autocannon({
  url: base,
  connections: 8,
  duration: 8,
  requests: paths.map((p) => ({ method: 'GET', path: p })),
});
console.log('requests', r.requests.total, 'non2xx', r.non2xx);
