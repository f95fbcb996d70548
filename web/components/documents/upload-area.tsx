import { Link } from "@remix-run/react";
import { FileUp, X } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import { Progress } from "~/components/ui/progress";
import { toast } from "~/hooks/use-toast";
import { ApiError } from "~/lib/query";
import { uploadDocument, type DocumentView } from "~/lib/documents-api";
import { cn } from "~/lib/utils";
import { ACCEPT, ACCEPTED_EXTENSIONS_TEXT, fileProblem, formatBytes, MAX_UPLOAD_BYTES } from "./format";

type Upload = {
  key: string;
  file: File;
  progress: number;
  state: "waiting" | "uploading" | "failed";
  error?: string;
  /** A 402: the message comes with a way to the pricing page. */
  needsPlan?: boolean;
  controller: AbortController;
  clientId: string | null;
};

let uploadCounter = 0;

/**
 * Button and drop zone for new documents. Files are checked here first (type, size) so a wrong
 * file fails at once; each accepted file is sent with a real progress bar, one at a time so the
 * first finishes quickly on a slow line.
 */
export function UploadArea({ onUploaded, clients = [] }: { onUploaded: (doc: DocumentView) => void; clients?: { id: string; name: string }[] }) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  // Enterprise accounts: the client new uploads are filed under (read when each file is added).
  const [clientId, setClientId] = React.useState("");
  const clientRef = React.useRef("");
  clientRef.current = clientId;
  const [uploads, setUploads] = React.useState<Upload[]>([]);
  const [dragging, setDragging] = React.useState(false);
  const [announcement, setAnnouncement] = React.useState("");
  const queue = React.useRef<Upload[]>([]);
  const running = React.useRef(false);

  const patch = React.useCallback((key: string, change: Partial<Upload>) => {
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  }, []);
  const drop = React.useCallback((key: string) => setUploads((list) => list.filter((u) => u.key !== key)), []);

  const run = React.useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        const upload = next;
        if (upload.controller.signal.aborted) continue;
        patch(upload.key, { state: "uploading" });
        try {
          const doc = await uploadDocument(upload.file, {
            clientId: upload.clientId,
            signal: upload.controller.signal,
            onProgress: (progress) => patch(upload.key, { progress }),
          });
          drop(upload.key);
          setAnnouncement(`Uploaded ${upload.file.name}. It is queued for processing.`);
          onUploaded(doc);
        } catch (err) {
          if (err instanceof ApiError && err.code === "aborted") {
            drop(upload.key);
            continue;
          }
          const message = err instanceof Error ? err.message : "The upload failed. Try again.";
          const needsPlan = err instanceof ApiError && err.status === 402;
          patch(upload.key, { state: "failed", error: message, needsPlan });
          toast({ title: `Could not upload ${upload.file.name}`, description: message, variant: "destructive" });
        }
      }
    } finally {
      running.current = false;
    }
  }, [patch, drop, onUploaded]);

  const addFiles = React.useCallback(
    (files: FileList | File[]) => {
      const accepted: Upload[] = [];
      for (const file of Array.from(files)) {
        const problem = fileProblem(file);
        uploadCounter += 1;
        const upload: Upload = {
          key: `upload-${uploadCounter}`,
          file,
          progress: 0,
          state: problem ? "failed" : "waiting",
          controller: new AbortController(),
          clientId: clientRef.current || null,
        };
        if (problem) {
          upload.error = problem;
          toast({ title: "File not accepted", description: problem, variant: "destructive" });
        } else {
          accepted.push(upload);
        }
        setUploads((list) => [...list, upload]);
      }
      queue.current.push(...accepted);
      void run();
    },
    [run],
  );

  const cancel = (upload: Upload) => {
    if (upload.state === "failed") return drop(upload.key);
    upload.controller.abort();
    queue.current = queue.current.filter((u) => u.key !== upload.key);
    drop(upload.key);
  };

  return (
    <section aria-labelledby="upload-heading" className="grid gap-3">
      <h2 id="upload-heading" className="sr-only">
        Upload documents
      </h2>
      {clients.length ? (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="upload-client" className="text-sm font-medium">
            File new uploads under
          </label>
          <select id="upload-client" className={cn(inputClass, "h-9 w-auto min-w-[12rem] py-1")} value={clientId} onChange={(e) => setClientId(e.target.value)}>
            <option value="">No client</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div
        className={cn(
          "flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-card px-4 py-6 text-center transition-colors sm:flex-row sm:justify-between sm:text-left",
          dragging && "border-primary bg-primary/5",
        )}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (e.dataTransfer.files.length) addFiles(e.dataTransfer.files);
        }}
        data-testid="document-dropzone"
      >
        <div className="flex items-center gap-3">
          <FileUp className="hidden size-6 text-muted-foreground sm:block" aria-hidden />
          <div className="grid gap-0.5">
            <p className="text-sm font-medium">{dragging ? "Drop to upload" : "Drag files here, or choose them"}</p>
            <p id="upload-hint" className="text-xs text-muted-foreground">
              Accepted: {ACCEPTED_EXTENSIONS_TEXT}; up to {formatBytes(MAX_UPLOAD_BYTES)} each.
            </p>
          </div>
        </div>
        <Button type="button" onClick={() => inputRef.current?.click()} aria-describedby="upload-hint">
          <FileUp aria-hidden />
          Upload documents
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="document-file-input"
          onChange={(e) => {
            if (e.target.files?.length) addFiles(e.target.files);
            // The same file chosen again must fire change again (after fixing a failed upload).
            e.target.value = "";
          }}
        />
      </div>

      {uploads.length > 0 ? (
        <ul className="grid gap-2" aria-label="Uploads in progress">
          {uploads.map((u) => (
            <li key={u.key} className="grid gap-1.5 rounded-md border bg-card px-3 py-2">
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate font-medium" title={u.file.name}>
                  {u.file.name}
                </span>
                <span className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground tabular-nums">
                  {u.state === "failed" ? null : u.state === "waiting" ? "Waiting…" : `${Math.round(u.progress)}%`}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    onClick={() => cancel(u)}
                    aria-label={u.state === "failed" ? `Dismiss ${u.file.name}` : `Cancel upload of ${u.file.name}`}
                  >
                    <X aria-hidden />
                  </Button>
                </span>
              </div>
              {u.state === "failed" ? (
                <p role="alert" className="text-sm text-destructive">
                  {u.error}{" "}
                  {u.needsPlan ? (
                    <Link to="/account/pricing" className="font-medium underline underline-offset-2">
                      Choose a plan
                    </Link>
                  ) : null}
                </p>
              ) : (
                <Progress value={u.progress} label={`Uploading ${u.file.name}`} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
