import { AlertCircle, TriangleAlert } from "lucide-react";

const sizes = {
  /** A screen whose data failed to load. */
  page: { box: "gap-3 rounded-2xl p-4", Icon: TriangleAlert, icon: "size-5" },
  /** A form's failure, above its fields. */
  compact: { box: "mb-4 gap-2 rounded-lg p-3 text-sm", Icon: AlertCircle, icon: "size-4" },
};

/** A failure message in a red box, announced as an alert. */
export function ErrorAlert({ message, size = "page" }: { message: string; size?: keyof typeof sizes }) {
  const { box, Icon, icon } = sizes[size];
  return (
    <div role="alert" className={`flex items-start border border-danger/50 bg-danger/10 text-red-200 ${box}`}>
      <Icon className={`mt-0.5 shrink-0 text-danger ${icon}`} aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
