import { Outlet } from "@tanstack/react-router";
import { Toaster } from "../lib/toast.tsx";

/** Every page sets its own document title (useDocumentTitle): a child's effect runs before its parent's. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster theme="dark" position="bottom-center" closeButton richColors />
    </>
  );
}
