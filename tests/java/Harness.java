// Runs every static no-argument `driver*` method of the given classes and prints one line per
// driver: `<file> Class.method -> return <v>` or `-> throw <ExceptionSimpleName>`.
// Each driver runs in classes loaded afresh (a class loader of its own), so its static fields
// start as their initializers make them, as every run of heaplog's does.
// Usage: java -ea Harness FILE CLASS...

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public class Harness {
    public static void main(String[] args) throws Exception {
        String file = args[0];
        List<String> lines = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            Class<?> cls = Class.forName(args[i]);
            for (Method m : cls.getDeclaredMethods()) {
                if (!m.getName().startsWith("driver")
                        || !Modifier.isStatic(m.getModifiers())
                        || m.getParameterCount() != 0) {
                    continue;
                }
                URL dir = new URL(cls.getProtectionDomain().getCodeSource().getLocation(), ".");
                ClassLoader fresh =
                        new URLClassLoader(new URL[] {dir}, ClassLoader.getPlatformClassLoader());
                Method run = Class.forName(args[i], false, fresh).getDeclaredMethod(m.getName());
                run.setAccessible(true);
                String outcome;
                try {
                    Object v = run.invoke(null);
                    outcome = "return " + (m.getReturnType() == void.class ? "unit" : String.valueOf(v));
                } catch (InvocationTargetException e) {
                    outcome = "throw " + e.getCause().getClass().getSimpleName();
                }
                lines.add(file + " " + cls.getName() + "." + m.getName() + " -> " + outcome);
            }
        }
        Collections.sort(lines);
        for (String line : lines) {
            System.out.println(line);
        }
    }
}
