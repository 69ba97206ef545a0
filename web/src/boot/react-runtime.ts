/**
 * React and ReactDOM, evaluated on their own in the first stage of the boot (main.tsx): their evaluation
 * is the largest single piece of starting the app, and alone it fits in a short task.
 */
import * as React from "react";
import * as JsxRuntime from "react/jsx-runtime";
import * as ReactDOMClient from "react-dom/client";

export const runtime = [React, ReactDOMClient, JsxRuntime] as const;
