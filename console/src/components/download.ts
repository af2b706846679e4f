/** Starts a download of a same-origin URL (the session cookie goes with it); the browser names the file. */
export function download(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
