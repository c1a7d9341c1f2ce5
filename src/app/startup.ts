/** No background worker is used by the portal: any left over from an earlier site is removed. */
export async function removeServiceWorkers() {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((r) => r.unregister()));
}

/** Core web vitals, reported to the console once the browser has measured them. */
export async function reportWebVitals() {
  const { onCLS, onINP, onLCP, onFCP, onTTFB } = await import('web-vitals');
  const report = (metric: { name: string; value: number; rating: string }) =>
    console.info(`[web-vitals] ${metric.name}: ${Math.round(metric.value * 1000) / 1000} (${metric.rating})`);
  [onCLS, onINP, onLCP, onFCP, onTTFB].forEach((on) => on(report));
}
