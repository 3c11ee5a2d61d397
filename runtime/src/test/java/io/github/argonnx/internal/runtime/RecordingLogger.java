package io.github.argonnx.internal.runtime;

import java.lang.System.Logger;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import java.util.function.Supplier;

/** Records what is logged as "LEVEL message". */
final class RecordingLogger implements Logger {
    final List<String> records = new ArrayList<>();

    @Override
    public String getName() {
        return "recording";
    }

    @Override
    public boolean isLoggable(Level level) {
        return true;
    }

    @Override
    public void log(Level level, Supplier<String> message) {
        records.add(level + " " + message.get());
    }

    @Override
    public void log(Level level, String message) {
        records.add(level + " " + message);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
        records.add(level + " " + message);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
        records.add(level + " " + format);
    }
}
