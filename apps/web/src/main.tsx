import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes, preloadRoute, requestEarlyFor } from "./app/router";
import { ThemeProvider } from "./lib/theme";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

requestEarlyFor(window.location);
// The first screen renders once its code is in (the landing page needs none): whole, not layer by layer.
void preloadRoute(window.location).then(() =>
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ThemeProvider>
    </StrictMode>,
  ),
);
