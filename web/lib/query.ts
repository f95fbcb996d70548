import { QueryClient, type QueryKey } from "@tanstack/react-query";

/** Spec §2 "App shell": one query cache, no retries, no refetch on window focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Reads what `queryKey` names again after a write. `invalidateQueries` alone hands back a first load
 * still in flight (TanStack Query starts a new fetch over a running one only once the query holds
 * data): a list opened a moment before the write then shows what it held before it, and nothing
 * reads it again. Cancelling first makes the read start after the write.
 */
export async function refetchAfterWrite(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

/** Query keys in one place so invalidations match what the screens read. */
export const queryKeys = {
  onboardingStatus: (userId: string) => ["users", userId, "onboarding-status"] as const,
  sampleStatus: () => ["sample", "status"] as const,
};

/** An /api error body `{ message, code }` as an Error the UI can show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole error body: some answers carry more than the message (a 423 names the lock holder). */
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * The JSON of an /api answer, or the ApiError its `{message, code}` body describes: every browser
 * call (the typed client's `unwrap` in web/lib/api-client.ts, and the few calls outside it: uploads,
 * streams) reads answers here.
 */
export async function readAnswer(res: Response): Promise<unknown> {
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const body = data && typeof data === "object" ? (data as Record<string, unknown>) : null;
    throw new ApiError(
      res.status,
      typeof body?.code === "string" ? body.code : "http_error",
      typeof body?.message === "string" ? body.message : `Request failed with status ${res.status}.`,
      body,
    );
  }
  return data;
}
