/** Closes any popup left open, so the next test starts clean. */
export async function closePopups() {
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
}
