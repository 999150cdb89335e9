// Runs every static no-argument `driver*` method of the given classes and prints one line per
// driver: `<file> Class.method -> return <v>` or `-> throw <ExceptionSimpleName>`.
// Usage: java -ea Harness FILE CLASS...

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
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
                m.setAccessible(true);
                String outcome;
                try {
                    Object v = m.invoke(null);
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
