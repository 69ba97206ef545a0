import { Outlet } from "@tanstack/react-router";
import { useEffect } from "react";
import { Toaster } from "../lib/toast.tsx";

/** Every page sets its own document title (useDocumentTitle): a child's effect runs before its parent's. */
export function RootLayout() {
  // Marks the document once the app runs the page: until then the prerendered home page is plain HTML
  // (decision 015), whose links navigate as ordinary links. Browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.app = "running";
  }, []);
  return (
    <>
      <Outlet />
      <Toaster theme="dark" position="bottom-center" closeButton richColors />
    </>
  );
}
