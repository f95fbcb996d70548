import { toast, type ToastInput } from "~/hooks/use-toast";

/**
 * Copies a link the page shows (a share link, a calendar feed) and says so. Without clipboard
 * permission (or in an old browser) the link is left selected in its field to copy by hand.
 */
export async function copyLink(url: string, field: HTMLInputElement | null, copied: ToastInput = { title: "Link copied" }): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast(copied);
  } catch {
    field?.select();
    toast({ title: "Copy the selected link", description: "Your browser did not allow copying automatically." });
  }
}
