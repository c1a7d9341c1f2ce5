/** Closes any popup left open, so the next test starts clean. */
export async function closePopups() {
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
  // sweetalert2 gives the focus back 100 ms after a popup closes (by this call or by a click in the
  // test): wait for it, so that timer never runs after the test's document has been torn down.
  await new Promise((resolve) => setTimeout(resolve, 150));
}
