package com.example;

import com.example.generated.Kept;

/** Compiles only if the skipped goal still registered the existing output directory as a source root. */
public final class App {
    private App() {}

    public static String run() {
        return Kept.name();
    }
}
